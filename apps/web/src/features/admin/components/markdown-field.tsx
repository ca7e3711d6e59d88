import { Alert, Loader, Tabs, Textarea } from '@mantine/core';
import { ARTICLE_MAX_CHARS, CONTENT_MSG } from '@kindred/shared/content.constants';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { usePreviewMarkdownMutation } from '../api/preview-markdown.api.ts';
import content from '../../content/components/content.module.css';
import classes from './admin.module.css';
import { LoadFailed } from './load-failed.tsx';

type Props = {
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  /** Which tab shows; the form switches back to Write to show a content error. */
  tab: 'write' | 'preview';
  onTabChange: (tab: 'write' | 'preview') => void;
};

/**
 * The article body in Markdown, with a Preview tab rendered by the server: the same renderer and sanitiser as the
 * article page, so what is previewed is what readers will see.
 */
export function MarkdownField({ value, onChange, error, tab, onTabChange }: Props) {
  const preview = usePreviewMarkdownMutation();
  const [previewed, setPreviewed] = useState<string | null>(null);
  // The server refuses longer previews (and articles); say so here rather than send 100,000 characters for a 400.
  const tooLong = value.length > ARTICLE_MAX_CHARS;

  const showPreview = () => {
    onTabChange('preview');
    if (!value.trim() || tooLong || (previewed === value && preview.isSuccess)) return;
    setPreviewed(value);
    preview.mutate(value);
  };

  return (
    <Tabs
      value={tab}
      onChange={(next) => (next === 'preview' ? showPreview() : onTabChange('write'))}
      keepMounted={false}
    >
      <Tabs.List aria-label="Content">
        <Tabs.Tab value="write">Write</Tabs.Tab>
        <Tabs.Tab value="preview">Preview</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="write" pt="sm">
        <Textarea
          label="Content (Markdown)"
          description="Headings with #, lists with -, links as [text](https://…)."
          required
          autosize
          minRows={14}
          maxRows={40}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error}
          styles={{ input: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 14 } }}
        />
      </Tabs.Panel>
      <Tabs.Panel value="preview" pt="sm">
        {!value.trim() ? (
          <p>There is no content to preview yet.</p>
        ) : tooLong ? (
          <Alert color="red" variant="light" title="The preview could not be shown" role="alert">
            {CONTENT_MSG.articleTooLong}
          </Alert>
        ) : preview.isPending ? (
          <div role="status" style={{ display: 'flex', gap: 8, alignItems: 'center', padding: 16 }}>
            <Loader size="sm" />
            <span>Rendering the preview…</span>
          </div>
        ) : preview.isError ? (
          <LoadFailed
            title="The preview could not be shown"
            error={preview.error}
            onRetry={() => preview.mutate(value)}
          />
        ) : preview.data ? (
          <section aria-label="Preview of the article" className={classes.preview}>
            <span className={classes.previewLabel} aria-hidden="true">
              Preview
            </span>
            {/* Sanitised by the server (the same renderer as the article page). */}
            <div className={content.prose} dangerouslySetInnerHTML={{ __html: preview.data.content_html }} />
          </section>
        ) : null}
      </Tabs.Panel>
    </Tabs>
  );
}
