/** What whenRouterReady needs of the data router. */
export interface InitializingRouter {
  state: { initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
}

/**
 * Resolves once the router has run the first location's loaders and loaded its screen. The app
 * renders over a prerendered screen (a route page of the build) only then, so that screen stays
 * instead of giving way to the loading spinner and coming back.
 */
export function whenRouterReady(router: InitializingRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
