import type { WorkItemStatus } from '@aegis/contracts';

/** A status change as every work item's PATCH takes it. */
export type StatusInput = { status: WorkItemStatus; justification?: string };

/**
 * What the kit needs of a feature's update mutation (react-query's `useMutation` result fits): each
 * work item keeps its own hook, the kit only sends a status with its reason.
 */
export type StatusMutation = {
  mutate: (input: StatusInput, options?: { onSuccess?: () => void; onError?: (error: unknown) => void }) => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  variables?: { status?: WorkItemStatus } | undefined;
};

/** The words of the two status changes that need a written reason, for one kind of work item. */
export type JustifiedWording = {
  /** Shown in the dialog: what marking it out of scope does to this kind of item. */
  outOfScope: string;
  /** Shown in the dialog: what reopening lets change again. */
  reopen: string;
  examples: { outOfScope: string; reopen: string };
};
