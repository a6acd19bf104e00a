import { lazy, Suspense } from 'react';

const Markdown = lazy(() => import('react-markdown'));

/** Markdown as formatted text (raw HTML skipped), its renderer loaded when first needed; the plain text meanwhile. */
export function MarkdownText({ children }: { children: string }) {
  return <Suspense fallback={children}><Markdown skipHtml>{children}</Markdown></Suspense>;
}
