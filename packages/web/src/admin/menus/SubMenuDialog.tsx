import { Select } from '@mantine/core';
import { type Menu, Messages } from '@rakit/core';
import { useState } from 'react';
import { NameDialog } from '../../components/NameDialog';

interface SubMenuDialogProps {
  parents: readonly Menu[];
  /** The parent selected on the screen, offered first. */
  initialParent: number;
  onSave: (parentId: number, name: string) => Promise<void>;
  onClose: () => void;
}

/** 'Add Sub Menu': the parent it goes under and its name. */
export function SubMenuDialog({ parents, initialParent, onSave, onClose }: SubMenuDialogProps) {
  const [parentId, setParentId] = useState(String(initialParent));
  return (
    <NameDialog title="Add Sub Menu" requiredMessage={Messages.submenuNameRequired} onSave={(name) => onSave(Number(parentId), name)} onClose={onClose}>
      <Select
        label="Parent Menu"
        data={parents.map((parent) => ({ value: String(parent.menuId), label: parent.menuName }))}
        value={parentId}
        onChange={(value) => value !== null && setParentId(value)}
        allowDeselect={false}
      />
    </NameDialog>
  );
}
