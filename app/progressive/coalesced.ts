/**
 * `run` once at a time: a call while it runs asks for one more run after it, however many calls
 * came, so a burst of live events loads the page's data twice at most, never in parallel.
 */
export function coalesced(run: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const start = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void run()
      .catch(() => {})
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          start();
        }
      });
  };
  return start;
}
