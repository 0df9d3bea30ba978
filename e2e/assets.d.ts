/** Picture imports of web modules the tests reuse (e.g. the map harness fixtures): Vite turns them into URLs. */
declare module '*.jpg' {
  const url: string;
  export default url;
}
