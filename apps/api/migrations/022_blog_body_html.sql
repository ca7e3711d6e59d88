-- Each article keeps the sanitised HTML rendered from its Markdown when it was saved, so a read never runs the
-- Markdown renderer (marked is quadratic on some inputs: ADR 018). Empty for rows saved before this migration,
-- it is filled on the first read and on every save. A change to the renderer's output clears it again in a
-- migration of its own (update blogs set body_html = null).
alter table blogs add column body_html text;
