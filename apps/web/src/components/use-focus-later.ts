import { useEffect, useRef } from 'react';

/**
 * Moves the focus to what an action brings (the link that replaced the button pressed, a
 * confirmation, the row that changed), so that a keyboard or screen-reader user is not left on
 * the page's body when the control they used goes. `focusLater()` asks for it; the element
 * given `target` takes the focus after the next render of this component that has it (the
 * action's own: a target that is only known once the action is done, such as the line now in
 * the place of one removed, is not given the focus early). An element that is not a control
 * needs `tabIndex={-1}`.
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
      wanted.current = true;
    },
  };
}
