-- The search results are pages in the catalogue's order (price, name, id), resumed after the last
-- vehicle shown (keyset pagination). These indexes give the vehicles in that order, so a page is
-- read by walking them until it is full, skipping the cars held during the period, instead of
-- reading and sorting the whole fleet (`npm run bench`, README "Performance").
create index vehicles_catalogue_order_idx on vehicles (price_per_day_cents, name, id)
  where is_available;
drop index if exists vehicles_category_idx;
create index vehicles_category_idx on vehicles (category, price_per_day_cents, name, id)
  where is_available;
