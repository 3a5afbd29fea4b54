/** vnu-jar (the Nu HTML Checker from npm) exports the path of its vnu.jar, and has no types. */
declare module 'vnu-jar' {
  const vnuJarPath: string;
  export default vnuJarPath;
}
