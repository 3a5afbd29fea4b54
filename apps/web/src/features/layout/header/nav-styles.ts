/** Classes of a navigation link; the active page is highlighted (NavLink sets aria-current). */
export function navLinkClass(isActive: boolean): string {
  return `whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-800 hover:bg-slate-100 hover:text-slate-950'
  }`;
}
