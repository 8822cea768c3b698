import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Message, useT } from '@/i18n';
import { lectureCountLabel } from '@/lib/curriculum';
import type { LayoutGroup } from '../../api/curriculum-layout';
import { GroupBox } from './GroupBox';
import { IconButton } from './IconButton';
import { RenameSection } from './RenameSection';

/**
 * A section of the curriculum with its lectures (`children`): Rename (the heading becomes a
 * form), Move section up / down and Remove. `position` is its index among the sections.
 */
export function SectionRow({
  section,
  position,
  last,
  renaming,
  saving,
  onRename,
  onCancelRename,
  onSaveTitle,
  onMove,
  onRemove,
  children,
}: {
  section: LayoutGroup & { _id: string };
  position: number;
  last: boolean;
  renaming: boolean;
  saving: boolean;
  onRename: () => void;
  onCancelRename: () => void;
  onSaveTitle: (title: string) => void;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const title = section.title;
  return (
    <GroupBox
      title={title ?? ''}
      count={section.lectureIds.length}
      focusScope={`section:${section._id}`}
      at={String(position)}
      editing={
        renaming ? (
          <RenameSection title={title ?? ''} busy={saving} onCancel={onCancelRename} onSave={onSaveTitle} />
        ) : null
      }
      actions={
        <>
          <IconButton label={t('lectures.sections.renameLabel', { title })} control="rename" onClick={onRename}>
            <Pencil size={16} aria-hidden="true" />
          </IconButton>
          <IconButton
            label={t('lectures.sections.moveUp', { title })}
            control="section-up"
            disabled={position === 0}
            onClick={() => onMove(-1)}
          >
            <ArrowUp size={16} aria-hidden="true" />
          </IconButton>
          <IconButton
            label={t('lectures.sections.moveDown', { title })}
            control="section-down"
            disabled={last}
            onClick={() => onMove(1)}
          >
            <ArrowDown size={16} aria-hidden="true" />
          </IconButton>
          <IconButton label={t('lectures.sections.removeLabel', { title })} control="remove" onClick={onRemove}>
            <Trash2 size={16} aria-hidden="true" />
          </IconButton>
        </>
      }
    >
      {children}
    </GroupBox>
  );
}

/** What removing a section does to its lectures: nothing is lost, they join the group before. */
export function RemoveSectionText({ groups, section }: { groups: LayoutGroup[]; section: LayoutGroup }) {
  const at = groups.findIndex((g) => g._id === section._id);
  const previous = groups[at - 1];
  const count = section.lectureIds.length;
  const t = useT();
  return (
    <p>
      <Message
        id="lectures.sections.removeText"
        values={{ title: <strong className="text-ink">{section.title}</strong> }}
      />{' '}
      {count === 0
        ? t('lectures.sections.empty')
        : previous?._id
          ? t('lectures.sections.moveToPrevious', {
              lectures: lectureCountLabel(count),
              previous: previous.title ?? '',
            })
          : t('lectures.sections.moveToNone', { lectures: lectureCountLabel(count) })}
    </p>
  );
}
