/** The query of the member's open tasks (issue 37): the menu's count and the dialog share it. */
export const myTasksKey = (appId: number) => ['my-tasks', appId] as const;
