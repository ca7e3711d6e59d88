import { OTP_TTL_SECONDS } from '@kindred/shared';
import { escapeHtml, layout, paragraphsMail, type MailTemplate } from '../mail/mail.templates.ts';

/**
 * The account mails' texts (ADR 013: each module keeps its templates in one `*.mail.ts` beside its services; the
 * mail module keeps only the frame, `layout`, and the helpers every template uses).
 */

/** The subject of the password-recovery code mail (the code is in the body only). */
export const PASSWORD_RESET_CODE_SUBJECT = 'Your Kindred password reset code';

/** The six-digit code for password recovery. */
export function verificationCodeMail(firstName: string, code: string): MailTemplate {
  const minutes = OTP_TTL_SECONDS / 60;
  const lines = [
    `Hello ${firstName},`,
    `Your Kindred verification code is ${code}. It expires in ${minutes} minutes.`,
    'If you did not ask to reset your password, you can ignore this email: your password stays as it is.',
  ];
  return {
    kind: 'verification_code',
    secrets: [code],
    // A reset code proves possession of the address; a successful reset marks it verified.
    unverified: true,
    // What the mail is, never the code: subjects show on lock screens and in notification previews.
    subject: PASSWORD_RESET_CODE_SUBJECT,
    text: lines.join('\n\n'),
    html: layout('Your verification code', [
      escapeHtml(lines[0]!),
      `Your Kindred verification code is <strong style="font-size:22px;letter-spacing:4px">${code}</strong>. ` +
        `It expires in ${minutes} minutes.`,
      escapeHtml(lines[2]!),
    ]),
  };
}

/** The subject of the sign-in code mail (the code is in the body only). */
export const SIGN_IN_CODE_SUBJECT = 'Your Kindred sign-in code';

/** The code a new device needs once the account has seen too many wrong passwords (ADR 004). */
export function signInCodeMail(firstName: string, code: string, minutes: number): MailTemplate {
  const lines = [
    `Hello ${firstName},`,
    'Someone is signing in to your Kindred account on a new device, after many wrong passwords were tried on it. ' +
      'To let that sign-in finish, enter this code on the sign-in page:',
    `Your Kindred sign-in code is ${code}. It expires in ${minutes} minutes and works once.`,
    'If this was not you, do not share the code: your password was right, so change it now from your profile ' +
      'or with "Forgot Password" on the sign-in page.',
  ];
  return {
    kind: 'sign_in_code',
    secrets: [code],
    // The code proves the address: an owner whose address is not yet verified must still get it.
    unverified: true,
    subject: SIGN_IN_CODE_SUBJECT,
    text: lines.join('\n\n'),
    html: layout('Your sign-in code', [
      escapeHtml(lines[0]!),
      escapeHtml(lines[1]!),
      `Your Kindred sign-in code is <strong style="font-size:22px;letter-spacing:4px">${code}</strong>. ` +
        `It expires in ${minutes} minutes and works once.`,
      escapeHtml(lines[3]!),
    ]),
  };
}

export function passwordChangedMail(firstName: string): MailTemplate {
  const lines = [
    `Hello ${firstName},`,
    'The password for your Kindred account was just changed, and every other session was signed out.',
    'If this was not you, reset your password now from the sign-in page and contact our support team.',
  ];
  return paragraphsMail('password_changed', 'Your Kindred password was changed', 'Password changed', lines);
}

export function welcomeMail(firstName: string, appUrl: string, verifyUrl: string): MailTemplate {
  const lines = [
    `Welcome to Kindred, ${firstName}.`,
    'Tell us what matters to you in a donor or surrogate and we will rank real candidates from our partner banks, ' +
      'explaining every score.',
    `Start your preferences at ${appUrl}/profile-steps whenever you are ready.`,
  ];
  const verify = `Please confirm that this is your email address: ${verifyUrl}`;
  return {
    kind: 'welcome',
    unverified: true,
    subject: 'Welcome to Kindred',
    text: [...lines, verify].join('\n\n'),
    html: layout('Welcome to Kindred', [...lines.map(escapeHtml), verifyLinkHtml(verifyUrl)]),
  };
}

const verifyLinkHtml = (url: string) =>
  `Please confirm that this is your email address: <a href="${escapeHtml(url)}">Verify my email</a>` +
  `<br><span style="font-size:12px;word-break:break-all">${escapeHtml(url)}</span>`;

/** A new verification link, asked for from the profile. */
export function emailVerificationMail(firstName: string, verifyUrl: string): MailTemplate {
  const lines = [
    `Hello ${firstName},`,
    `Please confirm that this is your email address: ${verifyUrl}`,
    'If you did not ask for this, you can ignore this email.',
  ];
  return {
    kind: 'email_verification',
    unverified: true,
    subject: 'Verify your email for Kindred',
    text: lines.join('\n\n'),
    html: layout('Verify your email', [escapeHtml(lines[0]!), verifyLinkHtml(verifyUrl), escapeHtml(lines[2]!)]),
  };
}
