import { useEffect, useRef } from 'react';

/**
 * Moves the focus to what an action brings (the link that replaced the button pressed, a
 * confirmation, the row that changed), so that a keyboard or screen-reader user is not left on
 * the page's body when the control they used goes. `focusLater()` asks for it; the element
 * given `target` takes the focus after the next render that has it (at once if there is one).
 * An element that is not a control needs `tabIndex={-1}`.
 */
export function useFocusLater<T extends HTMLElement>() {
  const target = useRef<T>(null);
  const wanted = useRef(false);
  useEffect(() => {
    if (!wanted.current || !target.current) return;
    wanted.current = false;
    target.current.focus();
  });
  return {
    target,
    focusLater: () => {
      if (target.current?.isConnected) target.current.focus();
      else wanted.current = true;
    },
  };
}
