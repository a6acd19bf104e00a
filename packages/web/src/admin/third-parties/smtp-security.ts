import type { SmtpSecurity } from '@rakit/core';

export const SECURITY_LABELS: Record<SmtpSecurity, string> = {
  tls: 'TLS',
  starttls: 'STARTTLS',
  none: 'None',
};

/** The port each protection is usually served on. */
export const SECURITY_PORTS: Record<SmtpSecurity, number> = {
  tls: 465,
  starttls: 587,
  none: 25,
};
