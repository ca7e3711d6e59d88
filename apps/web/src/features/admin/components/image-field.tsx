import { Button, FileButton, Group, Input, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { MEDIA_MSG } from '@kindred/shared/media';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useUploadImageMutation } from '../api/upload-image.api.ts';
import { IMAGE_ACCEPT, imageFileProblem } from '../lib/image-file.ts';
import { serverFieldErrors } from '../../../lib/server-errors.ts';
import classes from './admin.module.css';

type Props = {
  label: string;
  /** The current site path (`/media/<id>/<w>x<h>`, a seeded SVG) or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** A validation message from the form. */
  error?: ReactNode;
  /** Round thumbnail (portraits) instead of a landscape one (covers). */
  round?: boolean;
  /** Told when an upload starts and ends: the form must not be saved or left while a picked image is on its way. */
  onUploadingChange?: (uploading: boolean) => void;
};

function uploadFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return MEDIA_MSG.tooLarge;
    const field = serverFieldErrors(error, ['image'] as const).image;
    if (field) return field;
    if (error.serverMessage) return error.serverMessage;
  }
  return 'The image could not be uploaded. Please try again.';
}

/**
 * Picks an image file, checks its type and size here with the server's messages, uploads it, and hands the form
 * the stored image's path. The form keeps the old value until an upload succeeds.
 */
export function ImageField({ label, value, onChange, error, round = false, onUploadingChange }: Props) {
  const id = useId();
  const upload = useUploadImageMutation();
  useEffect(() => onUploadingChange?.(upload.isPending), [upload.isPending, onUploadingChange]);
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const chooseRef = useRef<HTMLButtonElement>(null);
  // Clears the file input after each pick, so that choosing the same file again is noticed.
  const resetRef = useRef<() => void>(null);
  // The upload ends after later renders: hand its result to the form's current setter, not the one of the click.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const message = problem ?? error;

  const pick = (file: File | null) => {
    if (!file) return;
    resetRef.current?.();
    const local = imageFileProblem(file);
    setProblem(local);
    setAnnouncement('');
    if (local) return;
    upload.mutate(file, {
      onSuccess: (image) => {
        onChangeRef.current(image.url);
        setAnnouncement(`${file.name} uploaded.`);
      },
      onError: (err) => setProblem(uploadFailure(err)),
    });
  };

  const remove = () => {
    onChange(null);
    setProblem(null);
    setAnnouncement(`${label} removed.`);
    // The Remove button disappears with the image: keep the keyboard user in the field.
    chooseRef.current?.focus();
  };

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      description="JPEG, PNG, WebP or AVIF, up to 10 MB."
      error={message}
      errorProps={{ id: `${id}-error` }}
      descriptionProps={{ id: `${id}-description` }}
    >
      <Stack gap="xs" mt={6}>
        {value ? (
          <ResponsiveImage
            className={round ? classes.portrait : classes.thumb}
            src={value}
            alt={`Current ${label.toLowerCase()}`}
            sizes={round ? '56px' : '160px'}
            width={round ? 56 : 160}
            height={round ? 56 : 100}
          />
        ) : (
          <Text size="sm" c="var(--kindred-muted)">
            No image.
          </Text>
        )}
        <Group gap="xs">
          <FileButton onChange={pick} accept={IMAGE_ACCEPT} resetRef={resetRef}>
            {(props) => (
              <Button
                {...props}
                ref={chooseRef}
                variant="default"
                size="sm"
                aria-busy={upload.isPending}
                aria-describedby={`${id}-description${message ? ` ${id}-error` : ''}`}
                onClick={upload.isPending ? undefined : props.onClick}
              >
                {upload.isPending
                  ? 'Uploading…'
                  : value
                    ? `Replace ${label.toLowerCase()}`
                    : `Upload ${label.toLowerCase()}`}
              </Button>
            )}
          </FileButton>
          {value && !upload.isPending && (
            <Button variant="subtle" color="red" size="sm" onClick={remove}>
              Remove {label.toLowerCase()}
            </Button>
          )}
        </Group>
        <VisuallyHidden role="status" aria-live="polite">
          {announcement}
        </VisuallyHidden>
      </Stack>
    </Input.Wrapper>
  );
}
