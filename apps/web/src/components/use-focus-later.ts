import { useEffect, useReducer, useRef } from 'react';

/**
 * Moves the focus to what an action brings (the link that replaced the button pressed, a
 * confirmation, the row that changed), so that a keyboard or screen-reader user is not left on
 * the page's body when the control they used goes. `focusLater()` asks for it and draws the
 * component again; the element given `target` takes the focus after the first render from then
 * on that has it (a target known only once the action is done, such as the cart line now in a
 * removed one's place, is given none until then). An element that is not a control needs
 * `tabIndex={-1}`.
 */
export function useFocusLater<T extends HTMLElement>() {
  const target = useRef<T>(null);
  const wanted = useRef(false);
  const [, drawAgain] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (!wanted.current || !target.current) return;
    wanted.current = false;
    target.current.focus();
  });
  return {
    target,
    focusLater: () => {
      wanted.current = true;
      drawAgain();
    },
  };
}
