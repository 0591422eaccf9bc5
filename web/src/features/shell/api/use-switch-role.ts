import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@shared/domain/roles';
import type { CurrentUser } from '@shared/schemas/user';
import { apiJson } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../components/use-toast';
import { queryKeys } from '../../../api/query-keys';

/** PATCH /api/users/role {role}: only for permanentRole admin (spec 01 sections 4, 7, 8). */
export function useSwitchRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (role: Role) => apiJson<CurrentUser>('PATCH', '/api/users/role', { role }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: queryKeys.currentUser });
      toast({ title: 'Role switched', description: 'Your role has been updated successfully' });
    },
    onError: (err) => {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to switch role'), variant: 'destructive' });
    },
  });
}
