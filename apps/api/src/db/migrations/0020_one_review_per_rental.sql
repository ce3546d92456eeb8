-- One review per rental. Two requests sent at once could both pass the "already reviewed" check,
-- and a review written from the vehicle page could attach to a rental already reviewed. Before the
-- index, a later duplicate keeps its text but no longer claims the rental (nor "verified").
update reviews r
set booking_id = null, is_verified = false
where r.booking_id is not null
  and exists (
    select 1 from reviews earlier
     where earlier.booking_id = r.booking_id
       and (earlier.created_at, earlier.id) < (r.created_at, r.id)
  );

create unique index reviews_one_per_rental on reviews (booking_id) where booking_id is not null;
