/** The envelope of every list endpoint: { success, data: [...] } (DESIGN §3). */
export interface ListResponse<T> {
  success: boolean;
  data: T[];
}

export function selectData<T>(response: ListResponse<T>): T[] {
  return response.data;
}
