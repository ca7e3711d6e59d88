import { Alert, Button, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import type { SubmitEventHandler } from 'react';
import { useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { useNavigate, Link } from 'react-router';
import type { BlogDetailDto } from '@kindred/shared/content.schemas';
import { ApiError } from '../../../lib/api-error.ts';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { paths } from '../../../lib/paths.ts';
import { useFormState } from '../../../lib/use-form-state.ts';
import { useCreateBlogMutation } from '../api/create-blog.api.ts';
import { useUpdateBlogMutation } from '../api/update-blog.api.ts';
import { useFocusFirstInvalid } from '../hooks/use-focus-first-invalid.ts';
import { useLeaveGuard } from '../hooks/use-leave-guard.ts';
import { BLOG_FIELDS, blogFormFrom, emptyBlogForm, toBlogInput, validateBlogForm } from '../lib/blog-form.ts';
import type { BlogField, BlogFormValues } from '../lib/blog-form.ts';
import { failureMessage, serverFieldErrors } from '../lib/server-errors.ts';
import { ImageField } from './image-field.tsx';
import { LeaveConfirmModal } from './leave-confirm-modal.tsx';
import { MarkdownField } from './markdown-field.tsx';

type Props = { article?: BlogDetailDto };

/**
 * New and existing articles. The values stay in the form whatever the save's outcome: a refused or failed save
 * shows why and leaves every field as typed.
 */
export function ArticleForm({ article }: Props) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const [initial] = useState<BlogFormValues>(() => (article ? blogFormFrom(article) : emptyBlogForm()));
  const form = useFormState<BlogFormValues>(initial, validateBlogForm, 'revalidate');
  // An image still uploading counts as a change: leaving now would lose it.
  const [uploading, setUploading] = useState(false);
  const dirty = uploading || JSON.stringify(form.values) !== JSON.stringify(initial);
  const { blocker, allowLeave } = useLeaveGuard(dirty);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateBlogMutation();
  const update = useUpdateBlogMutation(article?.id ?? 0);
  const saving = create.isPending || update.isPending;

  const showErrors = (errors: FieldErrors<BlogField>) => {
    form.setErrors(errors);
    if (errors.content) setTab('write');
    focusFirstInvalid();
  };

  const onSubmit: SubmitEventHandler<HTMLFormElement> = (event) => {
    event.preventDefault();
    if (saving || uploading) return;
    setFailure(null);
    const errors = validateBlogForm(form.values);
    if (Object.keys(errors).length > 0) return showErrors(errors);
    // Editing with the slug field emptied keeps the article's address (its links stay valid).
    const body = toBlogInput(form.values, article?.slug);
    const options = {
      onSuccess: (saved: BlogDetailDto) => {
        toast.success(article ? 'Changes saved.' : 'Article saved as a draft.');
        allowLeave();
        void navigate(paths.adminArticles, { state: { savedId: saved.id } });
      },
      onError: (error: Error) => {
        const fields = serverFieldErrors(error, BLOG_FIELDS);
        if (error instanceof ApiError && error.status === 409)
          fields.slug = failureMessage(error, 'This slug is already in use.');
        const message = failureMessage(
          error,
          'The article could not be saved. Your changes are still here; please try again.',
        );
        // Shown once, in the alert above the form (role="alert"): a toast too would be announced twice. With no
        // field to move to, the alert is brought into view.
        setFailure(message);
        if (Object.keys(fields).length > 0) showErrors(fields);
        else requestAnimationFrame(() => alertRef.current?.scrollIntoView({ block: 'nearest' }));
      },
    };
    if (article) update.mutate(body, options);
    else create.mutate(body, options);
  };

  return (
    <>
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={article ? 'Edit article' : 'New article'}>
        <Stack gap="lg">
          {failure && (
            <Alert ref={alertRef} color="red" variant="light" title="Not saved">
              {failure}
            </Alert>
          )}
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <TextInput
                label="Title"
                required
                value={form.values.title}
                onChange={(e) => form.setValue('title', e.currentTarget.value)}
                error={form.errors.title}
              />
              <TextInput
                label="Slug"
                description={
                  article
                    ? 'The last part of the article’s address. Changing it breaks links to the old address.'
                    : 'The last part of the article’s address. Leave it empty to make one from the title.'
                }
                value={form.values.slug}
                onChange={(e) => form.setValue('slug', e.currentTarget.value)}
                error={form.errors.slug}
                autoCapitalize="none"
                spellCheck={false}
              />
              <Textarea
                label="Excerpt"
                description="One or two sentences shown in article lists and search results."
                autosize
                minRows={2}
                maxRows={6}
                value={form.values.excerpt}
                onChange={(e) => form.setValue('excerpt', e.currentTarget.value)}
                error={form.errors.excerpt}
              />
              <TextInput
                label="Author name"
                description="Shown as the author. Leave it empty for Kindred Editorial Team."
                value={form.values.created_by_name}
                onChange={(e) => form.setValue('created_by_name', e.currentTarget.value)}
                error={form.errors.created_by_name}
              />
              <ImageField
                label="Cover image"
                value={form.values.featured_image}
                onChange={(v) => form.setValue('featured_image', v)}
                error={form.errors.featured_image}
                onUploadingChange={setUploading}
              />
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <MarkdownField
              value={form.values.content}
              onChange={(v) => form.setValue('content', v)}
              error={form.errors.content}
              tab={tab}
              onTabChange={setTab}
            />
          </Paper>
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to={paths.adminArticles} variant="default">
              Cancel
            </Button>
            <Button type="submit" aria-busy={saving} disabled={uploading}>
              {uploading ? 'Uploading image…' : saving ? 'Saving…' : article ? 'Save changes' : 'Save draft'}
            </Button>
          </Group>
        </Stack>
      </form>
      <LeaveConfirmModal blocker={blocker} />
    </>
  );
}
