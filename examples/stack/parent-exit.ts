/** How often the parent is checked: the longest a stack outlives a parent that died. */
const CHECK_EVERY_MS = 500;

/**
 * Calls `onExit` once the process that started this one is gone. Node has no parent-death signal
 * and npm gives its script no channel to watch; but an orphan is adopted (by init or a
 * subreaper), so its parent pid changes. Checked every {@link CHECK_EVERY_MS} ms on a timer
 * that never keeps the process alive.
 */
export function onParentExit(onExit: () => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onExit();
  }, CHECK_EVERY_MS);
  timer.unref();
}
