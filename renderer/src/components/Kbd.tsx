export function Kbd({ children }: { children: string }) {
  return <kbd className="kbd">{children}</kbd>;
}
