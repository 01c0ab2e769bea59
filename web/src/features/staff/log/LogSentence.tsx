import type { AuditEntry } from '@amora/common';
import { useStaffWords } from '../shared/words';

/** The actions the log writes as a sentence of their own (staff:log.actions, with `_` for the dots). */
const SENTENCES = [
  'login',
  'staff.add',
  'staff.change',
  'staff.invite',
  'staff.unlock',
  'two_step.enrol',
  'two_step.reset_by_command',
  'session.end',
  'status.away',
  'status.available',
  'photo.approve',
  'photo.reject',
  'payment.refund',
  'bundle.add',
  'bundle.change',
  'discount.add',
  'discount.change',
  'claim',
  'release',
  'answer',
  'note',
  'persona.edit',
  'private_photos.grant',
  'private_photos.decline',
  'private_photos.revoke',
  'hosted.add',
  'hosted.change',
  'hosted.retire',
  'hosted.restore',
  'hosted.photo.add',
  'hosted.photo.change',
  'hosted.photo.remove',
  'case.review',
  'case.decide',
  'appeal.decide',
  'member.activation',
  'member.suspend',
  'member.ban',
  'member.lift',
  'member.erase',
  'site.add',
  'site.change',
  'site.domain.add',
  'site.domain.remove',
] as const;

/** The kinds of record the log names when it has no name for one (a payment, a photo, an erased member). */
const RECORD_KINDS = ['staff', 'user', 'profile', 'site', 'payment', 'photo', 'bundle', 'discount', 'case'] as const;

const isSentence = (action: string): action is (typeof SENTENCES)[number] =>
  (SENTENCES as readonly string[]).includes(action);
const isRecordKind = (kind: string): kind is (typeof RECORD_KINDS)[number] =>
  (RECORD_KINDS as readonly string[]).includes(kind);

/** An audit entry as a sentence in the staff member's language: "Ada reset two-step sign-in for Olivia". */
export function LogSentence({ entry }: { entry: AuditEntry }) {
  const { t } = useStaffWords();
  const [kind = '', id = ''] = entry.record?.split(':') ?? [];
  const record = isRecordKind(kind) ? t(`log.records.${kind}`, { id }) : (entry.record ?? '');
  const values = { actor: entry.staff, subject: entry.subject ?? record, record };
  if (!isSentence(entry.action)) return t('log.actions.other', { ...values, action: entry.action });
  return t(`log.actions.${entry.action.replaceAll('.', '_')}`, values);
}
