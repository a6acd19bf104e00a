import type { MessageKey, SmtpSecurity } from '@rakit/core';

/** How each protection is named on the screen (keys of the catalogs). */
export const SECURITY_LABELS: Record<SmtpSecurity, MessageKey> = {
  tls: 'admin.thirdParties.securityTls',
  starttls: 'admin.thirdParties.securityStarttls',
  none: 'admin.thirdParties.securityNone',
};

/** The port each protection is usually served on. */
export const SECURITY_PORTS: Record<SmtpSecurity, number> = {
  tls: 465,
  starttls: 587,
  none: 25,
};
