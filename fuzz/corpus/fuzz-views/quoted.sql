-- comment
/* c */ create   temp view "x y" as select json_each.value from json_each('[1]');