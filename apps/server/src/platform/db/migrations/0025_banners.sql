-- The home carousel's banners, uploaded in the console (decision 0023 "Banners").
-- The image is kept in the row (at most 1 MiB, checked from its bytes before it is stored) and served
-- at /banners/<image_sha256>.<ext>; a banner is for one language of the player app or, with no locale,
-- for every language, and shows while enabled and between its optional start and end, in sort_order.
create table banners (
  id bigint generated always as identity primary key,
  image bytea not null,
  image_type text not null check (image_type in ('image/png', 'image/jpeg', 'image/webp')),
  image_sha256 text not null,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  alt text not null,
  headline text not null default '',
  link text not null default '',
  locale text,
  sort_order integer not null,
  starts_at timestamptz,
  ends_at timestamptz,
  is_enabled boolean not null default true,
  created_at timestamptz not null,
  updated_by text not null,
  updated_at timestamptz not null,
  check (starts_at is null or ends_at is null or starts_at < ends_at)
);
create index banners_order_idx on banners (sort_order, id);
create index banners_image_idx on banners (image_sha256);
