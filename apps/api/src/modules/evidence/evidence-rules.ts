import { AppError } from '../../lib/errors';
import { displayDate } from '../../lib/display-date';
import type { LinkedControl } from './evidence-link-repository';

/** A 422 naming the field (`body.expires_on`), as validation failures do. */
export const fieldError = (path: string, message: string) => new AppError(422, `${path.replace(/^(body|querystring)\./, '')}: ${message}`, 'unprocessable_content', [{ path, message }]);

/** An expiry date must come after the effective date (422 naming the expiry field). */
export function assertValidity(effectiveDate: string, expiresOn: string | null | undefined, path: string) {
  if (expiresOn && expiresOn <= effectiveDate) throw fieldError(path, `must be after the effective date (${effectiveDate})`);
}

/**
 * Evidence linked to an approved control is what that approval rests on: its file cannot be replaced or
 * deleted until the control is reopened (409 `held_by_approved_control`, naming the control).
 */
export function assertNotHeld(evidenceName: string, controls: readonly LinkedControl[], what: 'replaced' | 'deleted') {
  const approved = controls.filter((c) => c.status === 'approved');
  if (approved.length === 0) return;
  const names = approved.map((c) => c.control_code).join(', ');
  throw new AppError(
    409,
    `Evidence “${evidenceName}” is linked to approved control${approved.length > 1 ? 's' : ''} ${names} — reopen the control first; until then its file cannot be ${what}`,
    'held_by_approved_control',
  );
}

/** What a control's needs-attention reason says when evidence it rests on expired. */
export const expiredReason = (name: string, expiresOn: string) => `Evidence “${name}” expired on ${displayDate(`${expiresOn}T00:00:00Z`)}`;
/** Recognises the reasons expiredReason writes (SQL `like`). */
export const EXPIRED_REASON_PATTERN = 'Evidence “%” expired on %';
