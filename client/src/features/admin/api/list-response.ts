/** The envelope of the admin list endpoints: { success, data: [...] }. */
export interface ListResponse<T> {
  success: boolean;
  data: T[];
}

export function selectData<T>(response: ListResponse<T>): T[] {
  return response.data;
}
