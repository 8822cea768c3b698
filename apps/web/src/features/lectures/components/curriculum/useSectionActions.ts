import { useState } from 'react';
import { translate } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import type { LayoutGroup } from '../../api/curriculum-layout';
import { useEditSection, useRemoveSection } from '../../api/sections';
import type { FocusRequest } from './useFocusRequest';

/**
 * Renaming (one section at a time), moving and removing sections, each with a toast; the focus
 * returns to the section's control (after a removal: to the section before, which received the
 * lectures). `position` is a section's index among the sections (the layout's index minus one).
 */
export function useSectionActions(
  courseId: string,
  groups: LayoutGroup[],
  { setStatus, requestFocus }: { setStatus: (text: string) => void; requestFocus: (request: FocusRequest) => void },
) {
  const editSection = useEditSection(courseId);
  const removeSection = useRemoveSection(courseId);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<LayoutGroup | null>(null);
  const focusSection = (id: string, position: number, controls: string[]) =>
    requestFocus({ scope: `section:${id}`, at: String(position), controls });

  const cancelRename = (id: string, position: number) => {
    setRenaming(null);
    focusSection(id, position, ['rename']);
  };

  const rename = (id: string, position: number, title: string) =>
    editSection.mutate(
      { sectionId: id, title },
      {
        onSuccess: () => {
          setRenaming(null);
          focusSection(id, position, ['rename']);
          toast.success(translate('messages.sectionUpdated'));
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );

  const move = (section: LayoutGroup, direction: -1 | 1) => {
    if (!section._id) return;
    const position = groups.indexOf(section) - 1 + direction;
    focusSection(
      section._id,
      position,
      direction === -1 ? ['section-up', 'section-down'] : ['section-down', 'section-up'],
    );
    editSection.mutate(
      { sectionId: section._id, position },
      {
        onSuccess: () => {
          setStatus(translate('lectures.sections.moved', { title: section.title ?? '', position: position + 1 }));
          toast.success(translate('messages.sectionUpdated'));
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };

  const confirmRemove = () => {
    if (!removing?._id) return;
    const section = removing;
    removeSection.mutate(section._id as string, {
      onSuccess: () => {
        // The focus goes to the section before, which received the lectures.
        const at = groups.findIndex((g) => g._id === section._id) - 1;
        const previous = groups[at];
        if (previous?._id) focusSection(previous._id, at - 1, ['rename']);
        setRemoving(null);
        setStatus(translate('lectures.sections.removed', { title: section.title ?? '' }));
        toast.success(translate('messages.sectionRemoved'));
      },
      onError: (err) => toast.error(errorMessage(err)),
    });
  };

  return {
    renaming,
    startRename: setRenaming,
    cancelRename,
    rename,
    saving: editSection.isPending,
    move,
    removing,
    askRemove: setRemoving,
    cancelRemove: () => setRemoving(null),
    confirmRemove,
    removingBusy: removeSection.isPending,
  };
}
