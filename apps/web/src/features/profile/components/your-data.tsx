import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { toast } from 'react-hot-toast';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import {
  downloadExport,
  useChangeConsent,
  useConsents,
  useDataExports,
  useRequestExport,
  type ConsentState,
  type DataExportDto,
} from '../api/data-rights.api.ts';

/** What each consent allows, as the parent reads it, and what withdrawing changes. */
const CONSENT_TEXT: Record<string, { title: string; body: string }> = {
  health_data_matching: {
    title: 'Use my health information for matching',
    body:
      'Your preference sets include health information (genetic conditions, carrier results). Without this consent ' +
      'we do not save preference sets or show matches; sets already saved stay in your account, unused, until you ' +
      'give it again or delete your account.',
  },
  email_updates: {
    title: 'Email updates',
    body: 'Occasional news about Kindred. Account mail (receipts, password and export notices) is always sent.',
  },
  shortlist_sharing: {
    title: 'Share my shortlist with a clinic',
    body: 'Given per clinic, only when you choose to share your shortlist with it.',
  },
};

function ConsentRow({ consent }: { consent: ConsentState }) {
  const change = useChangeConsent();
  const text = CONSENT_TEXT[consent.kind]!;
  const title = consent.scope ? `${text.title}: ${consent.scope}` : text.title;
  const toggle = () =>
    change.mutate(
      { kind: consent.kind, scope: consent.scope || undefined, granted: !consent.granted, source: 'profile' },
      {
        onSuccess: () => toast.success(consent.granted ? 'Consent withdrawn.' : 'Consent given.'),
        onError: (e) => toast.error(errorMessage(e, 'We could not record your choice. Please try again.')),
      },
    );
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" data-testid={`consent-${consent.kind}`}>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={600}>{title}</Text>
          <Badge color={consent.granted ? 'teal' : 'gray'} variant="light">
            {consent.granted ? 'Given' : consent.at ? 'Withdrawn' : 'Not given'}
          </Badge>
        </Group>
        <Text size="sm" c="var(--kindred-muted)">
          {text.body}
          {consent.at ? ` Last changed ${formatDateTime(consent.at)}.` : ''}
        </Text>
      </Stack>
      <Button
        size="xs"
        variant={consent.granted ? 'default' : 'light'}
        color={consent.granted ? undefined : 'teal'}
        loading={change.isPending}
        onClick={toggle}
        style={{ flexShrink: 0 }}
        aria-label={`${consent.granted ? 'Withdraw' : 'Give consent'}: ${title}`}
      >
        {consent.granted ? 'Withdraw' : 'Give consent'}
      </Button>
    </Group>
  );
}

function ExportRow({ e }: { e: DataExportDto }) {
  const save = (url: string, ext: string) =>
    void downloadExport(url, `kindred-data-${e.id}.${ext}`).catch((err: unknown) =>
      toast.error(errorMessage(err, 'The download failed. Please try again.')),
    );
  return (
    <Group justify="space-between" data-testid="data-export" data-status={e.status}>
      <Text size="sm">
        Requested {formatDateTime(e.requested_at)}
        {e.status === 'preparing' && ' · Preparing…'}
        {e.status === 'ready' && e.expires_at && ` · Ready, available until ${formatDate(e.expires_at)}`}
        {e.status === 'expired' && ' · Expired'}
        {e.status === 'failed' && ' · Could not be prepared'}
      </Text>
      {e.status === 'ready' && e.json_url && e.html_url && (
        <Group gap="xs">
          <Button size="xs" variant="light" color="teal" onClick={() => save(e.json_url!, 'json')}>
            Download JSON
          </Button>
          <Button size="xs" variant="default" onClick={() => save(e.html_url!, 'html')}>
            Download summary (HTML)
          </Button>
        </Group>
      )}
    </Group>
  );
}

/**
 * "Your data and privacy" on /profile (issue 13, ADR 019): each consent with a one-click withdraw (or give), and
 * "Download my data" with the state of recent exports (preparing, ready with links and expiry, expired).
 */
export function YourData() {
  const consents = useConsents();
  const exports = useDataExports();
  const request = useRequestExport();
  const ask = () =>
    request.mutate(undefined, {
      onSuccess: (res) => toast.success(res.message),
      onError: (e) => toast.error(errorMessage(e, 'We could not start your export. Please try again.')),
    });

  return (
    <Paper radius="lg" p={{ base: 'md', sm: 'lg' }} withBorder component="section" aria-labelledby="your-data-title">
      <Title order={2} size="h4" id="your-data-title" mb="md">
        Your data and privacy
      </Title>
      <Stack gap="lg">
        <Stack gap="sm">
          <Title order={3} size="h5">
            Consents
          </Title>
          {consents.error && (
            <Alert color="red" variant="light">
              {errorMessage(consents.error, 'We could not load your consents.')}
            </Alert>
          )}
          {(consents.data ?? []).map((c) => (
            <ConsentRow key={`${c.kind}:${c.scope}`} consent={c} />
          ))}
        </Stack>
        <Stack gap="sm">
          <Title order={3} size="h5">
            Download my data
          </Title>
          <Text size="sm" c="var(--kindred-muted)">
            A copy of everything we hold about you, as a JSON file and a readable summary. We prepare it in the
            background and email you when it is ready; it can be downloaded here for 7 days.
          </Text>
          <Group>
            <Button color="teal" onClick={ask} loading={request.isPending}>
              Download my data
            </Button>
          </Group>
          {(exports.data ?? []).map((e) => (
            <ExportRow key={e.id} e={e} />
          ))}
        </Stack>
        <Text size="sm" c="var(--kindred-muted)">
          How long we keep each kind of data and how to use your rights: see our{' '}
          <Anchor component={Link} to={paths.privacyPolicy} underline="always">
            Privacy Policy
          </Anchor>
          .
        </Text>
      </Stack>
    </Paper>
  );
}
