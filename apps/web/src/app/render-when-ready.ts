/** What renderWhenReady needs of the data router. */
export interface InitializingRouter {
  state: { initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
}

/**
 * Renders the app at once, unless the page came with a prerendered screen (a route page of the
 * build): then that screen stays until the router has loaded the route, instead of giving way to
 * the loading spinner and coming back.
 */
export function renderWhenReady(container: Element, router: InitializingRouter, render: () => void): void {
  if (container.childElementCount === 0 || router.state.initialized) {
    render();
    return;
  }
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
}
