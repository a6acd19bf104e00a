import { Loader } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { useHoldFirstReveal } from '../components/first-reveal';
import { useT } from '../i18n/LanguageProvider';

/**
 * A widget face loaded when first shown: its code and its libraries (charts, kanban, the
 * configuration panels) stay out of the pages that do not show it.
 */
export function lazyFace<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Face = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  return function LazyFace(props: P) {
    return <Suspense fallback={<FaceLoading />}><Face {...props} /></Suspense>;
  };
}

/** While a face's code loads: a loader, and the page waits for it before it first shows. */
function FaceLoading() {
  useHoldFirstReveal();
  const t = useT();
  return <Loader size="sm" role="status" aria-label={t('datawidgets.loading')} />;
}
