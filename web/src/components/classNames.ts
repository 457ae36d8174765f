/** The class attribute of the names that are set (a false, null or undefined one is left out). */
export function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
