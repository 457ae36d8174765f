import { useEffect, useState } from 'react';

/**
 * False until the browser has painted the component's first render, then true (in a hidden tab: once
 * it is shown). What is not needed to see the page, such as the drop cells of the slots or the cards
 * below the fold, waits for it and so does not delay the first picture. A frame callback runs just
 * before a paint, a task queued from it just after.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let task: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, []);
  return painted;
}
