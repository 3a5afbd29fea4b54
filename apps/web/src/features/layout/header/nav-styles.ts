/**
 * Classes of a navigation link; the active page is highlighted (NavLink sets aria-current). The
 * header's own row pads its links less (`px-2`), to keep room on one line at 1280 px.
 */
export function navLinkClass(isActive: boolean, padding = 'px-3'): string {
  return `whitespace-nowrap rounded-md ${padding} py-2 text-sm font-medium ${
    isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-800 hover:bg-slate-100 hover:text-slate-950'
  }`;
}
