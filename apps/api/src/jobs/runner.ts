import { accountPurgeJob } from './account-purge.job.ts';
import { appointmentRemindersJob } from './appointment-reminders.job.ts';
import { catalogueAgesJob } from './catalogue-ages.job.ts';
import { catalogueRefreshJob } from './catalogue-refresh.job.ts';
import { dataExportJob, dataRetentionJob } from './data-rights.job.ts';
import type { Job } from './job.ts';
import { mailDeliveryJob, mailSweepJob } from './mail-delivery.job.ts';
import { subscriptionRenewalsJob } from './subscription-renewals.job.ts';
import { unusedImagesJob } from './unused-images.job.ts';
import { waitlistOffersJob } from './waitlist-offers.job.ts';
import { donorUpdatesFanoutJob } from './donor-updates.job.ts';
import { notificationDigestJob, safetyResendJob } from './notifications.job.ts';

/** Every background job the server runs (started by services.jobs.start in server.ts). */
export const JOBS: readonly Job[] = [
  subscriptionRenewalsJob,
  unusedImagesJob,
  accountPurgeJob,
  mailDeliveryJob,
  mailSweepJob,
  dataExportJob,
  dataRetentionJob,
  appointmentRemindersJob,
  waitlistOffersJob,
  catalogueRefreshJob,
  catalogueAgesJob,
  donorUpdatesFanoutJob,
  notificationDigestJob,
  safetyResendJob,
];
