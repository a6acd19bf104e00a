import type { ReactNode } from 'react';
import { PageFormProvider } from '../page-state/form-state';
import { selectComponents, useEditor } from '../state/editor-store';

interface EditedPageFormProps {
  /**
   * The saved page whose data the live faces load (the runtime viewer's edit mode, which reads
   * the application's global variables as the members' page does); none in the page editor,
   * whose widgets run nothing and read no global variables.
   */
  livePageId?: number;
  children: ReactNode;
}

/**
 * One form over the components being edited, as on a members' page: the widgets on the board
 * see each other's values (a School Address shows the school its School Search chose).
 */
export function EditedPageForm({ livePageId, children }: EditedPageFormProps) {
  const components = useEditor(selectComponents);
  const mode = livePageId === undefined ? 'design' : 'preview';
  return <PageFormProvider components={components} mode={mode} pageId={livePageId}>{children}</PageFormProvider>;
}
