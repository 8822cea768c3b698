import type { NotificationKind } from '@kaksha/contracts';
import {
  Award,
  BadgeCheck,
  CirclePlay,
  MessageCircleQuestion,
  MessageSquareReply,
  ReceiptIndianRupee,
} from 'lucide-react';
import type { MessageKey } from '@/i18n';

/** Each kind's icon, its name in the e-mail settings and what that setting covers. */
export const KINDS: Record<NotificationKind, { icon: typeof Award; name: MessageKey; hint: MessageKey }> = {
  answer: { icon: MessageSquareReply, name: 'notifications.kind.answer', hint: 'notifications.kindHint.answer' },
  accepted: { icon: BadgeCheck, name: 'notifications.kind.accepted', hint: 'notifications.kindHint.accepted' },
  question: {
    icon: MessageCircleQuestion,
    name: 'notifications.kind.question',
    hint: 'notifications.kindHint.question',
  },
  lecture: { icon: CirclePlay, name: 'notifications.kind.lecture', hint: 'notifications.kindHint.lecture' },
  certificate: { icon: Award, name: 'notifications.kind.certificate', hint: 'notifications.kindHint.certificate' },
  refund: { icon: ReceiptIndianRupee, name: 'notifications.kind.refund', hint: 'notifications.kindHint.refund' },
};
