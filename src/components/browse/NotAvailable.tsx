import { NOT_AVAILABLE_MESSAGE } from '../../stores/paged-list';

/** A short note in place of a section or page the provider does not offer to this app (DESIGN §2). */
export function NotAvailable({ what }: { what?: string }) {
  return (
    <p className="not-available" role="note">
      {what ? `${what}: ` : ''}
      {NOT_AVAILABLE_MESSAGE}
    </p>
  );
}
