import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../../../components/ui/page-container.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { paths } from '../../../lib/paths.ts';
import { Seo } from '../../../lib/seo.tsx';
import { currentUserQueryOptions } from '../../admin/api/current-user.api.ts';
import { LoadFailed } from '../../admin/components/load-failed.tsx';
import { usePortalClinic } from '../api/clinic-portal.api.ts';

const AppointmentsTab = lazy(() => import('./appointments-tab.tsx'));
const ScheduleTab = lazy(() => import('./schedule-tab.tsx'));
const ShortlistsTab = lazy(() => import('./shortlists-tab.tsx'));
const DonorsTab = lazy(() => import('./donors-tab.tsx'));
const FamilyReportsTab = lazy(() => import('../../family-ledger/components/clinic-family-reports-tab.tsx'));

const TABS = [
  { value: 'appointments', label: 'Appointments', Panel: AppointmentsTab },
  { value: 'schedule', label: 'Schedule', Panel: ScheduleTab },
  { value: 'shortlists', label: 'Shared shortlists', Panel: ShortlistsTab },
  { value: 'donors', label: 'Bank donors', Panel: DonorsTab },
  { value: 'families', label: 'Family reports', Panel: FamilyReportsTab },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/**
 * /clinic (clinic staff only): the clinic's appointments, schedule, shared shortlists and bank donors, one tab each
 * (?tab= keeps the open tab in the address). The API refuses every other role with 403 as well.
 */
export function ClinicPortal() {
  const me = useQuery(currentUserQueryOptions());
  const role = me.data?.role;
  return (
    <PageContainer>
      <Seo
        title="Clinic portal"
        description="Your clinic's appointments, schedule and donors."
        path={paths.clinicPortal}
      />
      {!me.data && !me.isError && <PageLoader label="Checking your access" />}
      {me.isError && !me.data && (
        <LoadFailed title="We could not check your access" error={me.error} onRetry={() => void me.refetch()} />
      )}
      {role !== undefined && role !== 'clinic' && (
        <Stack gap="sm" py="xl">
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            You do not have access to this page.
          </Title>
          <Text c="var(--kindred-muted)">The clinic portal is for staff of Kindred&apos;s partner clinics.</Text>
        </Stack>
      )}
      {role === 'clinic' && <Portal />}
    </PageContainer>
  );
}

function Portal() {
  const clinic = usePortalClinic();
  const [params, setParams] = useSearchParams();
  const tab: TabValue = TABS.some((t) => t.value === params.get('tab'))
    ? (params.get('tab') as TabValue)
    : 'appointments';
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Clinic portal
        </Title>
        {clinic.data && (
          <Text c="var(--kindred-muted)">
            {clinic.data.clinic.name} · times in {clinic.data.clinic.time_zone}
          </Text>
        )}
      </div>
      {clinic.isError && (
        <LoadFailed title="We could not load your clinic" error={clinic.error} onRetry={() => void clinic.refetch()} />
      )}
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'appointments' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map(({ value, Panel }) => (
          <Tabs.Panel key={value} value={value} pt="lg">
            <Suspense fallback={<PageLoader label="Loading" />}>
              <Panel
                timeZone={clinic.data?.clinic.time_zone ?? null}
                referenceId={clinic.data?.clinic.reference_id ?? null}
              />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
