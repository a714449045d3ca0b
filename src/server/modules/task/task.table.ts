// Tables of work tasks (claims, assignments) shared by the queues of every area.
export {};
