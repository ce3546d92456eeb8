-- The files the team refused in a rejected identity check ('id_card', 'licence_front',
-- 'licence_back', 'selfie'): each must be replaced by a new upload before the next submission.
-- Null for the checks decided before: their reason's files are asked for.
alter table identity_checks add column refused_files jsonb;
