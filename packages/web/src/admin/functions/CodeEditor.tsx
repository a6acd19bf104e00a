import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';

interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The line an error came from, highlighted until the code changes. */
  errorLine?: number | null;
  label: string;
}

const theme = EditorView.theme({
  '&': { fontSize: '13px', border: '1px solid var(--mantine-color-gray-4)', borderRadius: '4px', minHeight: '220px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', minHeight: '220px' },
  '&.cm-focused': { outline: '2px solid var(--mantine-color-blue-5)' },
});

/**
 * The function's code in CodeMirror 6 with JavaScript highlighting. Only the Functions screen
 * imports it, so the editor's code is in that screen's lazily loaded chunk.
 */
export function CodeEditor({ value, onChange, errorLine, label }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (host.current === null) return undefined;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(), highlightActiveLineGutter(), highlightActiveLine(), history(), indentOnInput(), bracketMatching(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }), javascript(), theme, EditorView.lineWrapping,
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is made once; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor === null || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (editor === null || errorLine === null || errorLine === undefined) return;
    if (errorLine < 1 || errorLine > editor.state.doc.lines) return;
    const line = editor.state.doc.line(errorLine);
    editor.dispatch({ selection: { anchor: line.from, head: line.to }, scrollIntoView: true });
  }, [errorLine]);

  return <div ref={host} data-testid="function-code" />;
}
