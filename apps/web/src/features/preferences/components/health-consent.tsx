import { Alert, Checkbox, Text } from '@mantine/core';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { errorMessage } from '../../../lib/api-error.ts';
import { useChangeConsent, useConsents } from '../../profile/api/data-rights.api.ts';

export const HEALTH_CONSENT_LABEL =
  'I agree that Kindred uses the health information in my answers (genetic conditions, carrier results) to find ' +
  'and rank donors. I can withdraw this at any time on my profile.';
export const HEALTH_CONSENT_REQUIRED = 'Please tick the box to let us use your health information for matching.';

/**
 * Consent to the use of health data for matching, asked on Review before the first preference set is saved
 * (ADR 019): a checkbox shown while the parent has not given it; `confirm()` records it, or shows why submitting
 * waits, and resolves true when the submit may go ahead.
 */
export function useHealthConsentGate(signedIn: boolean) {
  const consents = useConsents(signedIn);
  const change = useChangeConsent();
  const [ticked, setTicked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const given = consents.data?.find((c) => c.kind === 'health_data_matching')?.granted === true;
  const needed = signedIn && consents.isSuccess && !given;

  async function confirm(): Promise<boolean> {
    if (!needed) return true;
    if (!ticked) {
      setError(HEALTH_CONSENT_REQUIRED);
      return false;
    }
    try {
      await change.mutateAsync({ kind: 'health_data_matching', granted: true, source: 'wizard' });
      return true;
    } catch (e) {
      toast.error(errorMessage(e, 'We could not record your consent. Please try again.'));
      return false;
    }
  }

  const field = needed ? (
    <Alert color="teal" variant="light" mt="lg" title="Your health information" data-testid="health-consent">
      <Text size="sm" mb="sm" c="var(--kindred-ink)">
        Matching uses health information you give us. We need your consent before we save it.
      </Text>
      <Checkbox
        label={HEALTH_CONSENT_LABEL}
        checked={ticked}
        onChange={(e) => {
          setTicked(e.currentTarget.checked);
          setError(null);
        }}
        error={error}
      />
    </Alert>
  ) : null;

  return { confirm, field, pending: change.isPending };
}
