-- When an article or team member was last saved with an image: the clean-up keeps an unused upload for a day
-- after its last use, not only after its upload, so an image taken off and put back is not lost in between.
alter table media_images add column last_used_at timestamptz;
