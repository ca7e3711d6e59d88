import { Alert, Button, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import type { SubmitEventHandler } from 'react';
import { useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { useNavigate, Link } from 'react-router';
import type { BlogDetailDto } from '@kindred/shared/content.schemas';
import { ApiError } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { revalidateShownErrors } from '../../../lib/revalidate-shown-errors.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { useCreateBlogMutation } from '../api/create-blog.api.ts';
import { useUpdateBlogMutation } from '../api/update-blog.api.ts';
import { useLeaveGuard } from '../hooks/use-leave-guard.ts';
import { BLOG_FIELDS, blogFormFrom, emptyBlogForm, toBlogInput, validateBlogForm } from '../lib/blog-form.ts';
import type { BlogFormValues } from '../lib/blog-form.ts';
import { failureMessage, serverFieldErrors } from '../../../lib/server-errors.ts';
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
  const alertRef = useRef<HTMLDivElement>(null);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const form: UseFormReturnType<BlogFormValues> = useForm<BlogFormValues>({
    initialValues: article ? blogFormFrom(article) : emptyBlogForm(),
    validate: validateBlogForm,
    ...revalidateShownErrors(validateBlogForm, () => form),
  });
  // An image still uploading counts as a change: leaving now would lose it.
  const [uploading, setUploading] = useState(false);
  const dirty = uploading || form.isDirty();
  const { blocker, allowLeave } = useLeaveGuard(dirty);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateBlogMutation();
  const update = useUpdateBlogMutation(article?.id ?? 0);
  const saving = create.isPending || update.isPending;

  /** Brings the first field to fix into view and focus; the content field is on the Write tab. */
  const revealErrors = (errors: FormErrors) => {
    if (errors.content) setTab('write');
    focusFirstInvalid();
  };

  const save = (values: BlogFormValues) => {
    // Editing with the slug field emptied keeps the article's address (its links stay valid).
    const body = toBlogInput(values, article?.slug);
    const options = {
      onSuccess: (saved: BlogDetailDto) => {
        toast.success(article ? 'Changes saved.' : 'Article saved as a draft.');
        allowLeave();
        void navigate(paths.adminArticles, { state: { savedId: saved.id } });
      },
      onError: (error: Error) => {
        const fields: FormErrors = serverFieldErrors(error, BLOG_FIELDS);
        if (error instanceof ApiError && error.status === 409)
          fields.slug = failureMessage(error, 'This slug is already in use.');
        const message = failureMessage(
          error,
          'The article could not be saved. Your changes are still here; please try again.',
        );
        // Shown once, in the alert above the form (role="alert"): a toast too would be announced twice. With no
        // field to move to, the alert is brought into view.
        setFailure(message);
        if (Object.keys(fields).length > 0) {
          form.setErrors(fields);
          revealErrors(fields);
        } else requestAnimationFrame(() => alertRef.current?.scrollIntoView({ block: 'nearest' }));
      },
    };
    if (article) update.mutate(body, options);
    else create.mutate(body, options);
  };

  const onSubmit: SubmitEventHandler<HTMLFormElement> = (event) => {
    event.preventDefault();
    if (saving || uploading) return;
    setFailure(null);
    form.onSubmit(save, revealErrors)(event);
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
              <TextInput label="Title" required {...form.getInputProps('title')} />
              <TextInput
                label="Slug"
                description={
                  article
                    ? 'The last part of the article’s address. Changing it breaks links to the old address.'
                    : 'The last part of the article’s address. Leave it empty to make one from the title.'
                }
                {...form.getInputProps('slug')}
                autoCapitalize="none"
                spellCheck={false}
              />
              <Textarea
                label="Excerpt"
                description="One or two sentences shown in article lists and search results."
                autosize
                minRows={2}
                maxRows={6}
                {...form.getInputProps('excerpt')}
              />
              <TextInput
                label="Author name"
                description="Shown as the author. Leave it empty for Kindred Editorial Team."
                {...form.getInputProps('created_by_name')}
              />
              <ImageField
                label="Cover image"
                value={form.values.featured_image}
                onChange={(v) => form.setFieldValue('featured_image', v)}
                error={form.errors.featured_image}
                onUploadingChange={setUploading}
              />
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <MarkdownField
              value={form.values.content}
              onChange={(v) => form.setFieldValue('content', v)}
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
