/** The Web Storage a unit test puts where the browser's sessionStorage or localStorage would be: a Map, nothing more. */
export class MemoryStorage {
  items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
}
