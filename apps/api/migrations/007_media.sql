-- Uploaded images (article covers, team portraits). The master is the upload normalised: turned upright, metadata
-- (camera, location) removed, at most 1920 pixels wide. Variants (each kept width in AVIF, WebP and JPEG) are made
-- from it after the upload and on first request, and kept here so every instance serves the same bytes.
create table media_images (
  id text primary key,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  master bytea not null,
  uploaded_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now()
);

create table media_variants (
  image_id text not null references media_images(id) on delete cascade,
  width integer not null check (width > 0),
  format text not null check (format in ('avif', 'webp', 'jpeg')),
  data bytea not null,
  primary key (image_id, width, format)
);
