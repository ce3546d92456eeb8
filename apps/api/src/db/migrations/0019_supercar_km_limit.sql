-- A Super Car always has a daily kilometre limit (200 when none was given): unlimited kilometres
-- are never offered on one. Cars made in the console before the rule took effect may have none;
-- they get the default, and their published features say the same.
update vehicles
set daily_km_limit = 200,
    features = features || '{"unlimitedKm": false}'::jsonb
where (is_supercar or category = 'Super Cars') and daily_km_limit is null;
