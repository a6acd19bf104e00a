import { Select } from '@mantine/core';
import type { Menu } from '@rakit/core';
import { useState } from 'react';
import { NameDialog } from '../../components/NameDialog';
import { useT } from '../../i18n/LanguageProvider';

interface SubMenuDialogProps {
  parents: readonly Menu[];
  /** The parent selected on the screen, offered first. */
  initialParent: number;
  onSave: (parentId: number, name: string) => Promise<void>;
  onClose: () => void;
}

/** 'Add Sub Menu': the parent it goes under and its name. */
export function SubMenuDialog({ parents, initialParent, onSave, onClose }: SubMenuDialogProps) {
  const t = useT();
  const [parentId, setParentId] = useState(String(initialParent));
  return (
    <NameDialog title={t('admin.menus.addSubMenu')} requiredMessage={t('submenuNameRequired')} onSave={(name) => onSave(Number(parentId), name)} onClose={onClose}>
      <Select
        label={t('admin.menus.parentMenu')}
        data={parents.map((parent) => ({ value: String(parent.menuId), label: parent.menuName }))}
        value={parentId}
        onChange={(value) => value !== null && setParentId(value)}
        allowDeselect={false}
      />
    </NameDialog>
  );
}
