import { Alert, Button } from '@mantine/core';
import { failureMessage } from '../../../lib/server-errors.ts';

/** A failed load in the admin area: what could not be loaded, the server's reason, and a way to try again. */
export function LoadFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" title={title}>
      {failureMessage(error, 'Please check your connection and try again.')}
      <div>
        <Button mt="sm" size="xs" variant="white" color="red" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </Alert>
  );
}
