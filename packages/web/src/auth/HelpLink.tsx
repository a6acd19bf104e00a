import { Anchor, List, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { HelpText } from './help-texts';

/** A link that opens a short help text (registration requirements, tutorial) in a dialog. */
export function HelpLink({ label, title, items, ordered = false }: HelpText & { ordered?: boolean }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={open}>{label}</Anchor>
      <Modal opened={opened} onClose={close} title={title} centered>
        <List type={ordered ? 'ordered' : 'unordered'} spacing="xs" size="sm">
          {items.map((item) => <List.Item key={item}>{item}</List.Item>)}
        </List>
      </Modal>
    </>
  );
}
